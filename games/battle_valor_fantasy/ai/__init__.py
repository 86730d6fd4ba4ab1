"""Battle Valor Fantasy's computer generals: the normal one, what the hard level
searches with, the easy one's slips, and their helpers (deployment, fights,
threats, packing a zone).  Read rules/, never ui/."""

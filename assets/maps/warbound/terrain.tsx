<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="warbound_terrain" tilewidth="64" tileheight="72" tilecount="5" columns="5">
 <image source="terrain.png" width="320" height="72"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="start"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="ruin"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="smog"/>
  </properties>
 </tile>
</tileset>

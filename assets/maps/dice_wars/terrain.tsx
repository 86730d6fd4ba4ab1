<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="dice_wars_terrain" tilewidth="64" tileheight="72" tilecount="12" columns="4">
 <image source="terrain.png" width="256" height="216"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="plains"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="plateau"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="badlands"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="ley_line"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="city"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="capital"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="tower"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="ruins"/>
  </properties>
 </tile>
</tileset>

<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="uberdrakes_terrain" tilewidth="64" tileheight="72" tilecount="17" columns="6">
 <image source="terrain.png" width="384" height="216"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="magic"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="mountain_1"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="mountain_2"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="mountain_3"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="mountain_4"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="treasure"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="fire"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="earth"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="lightning"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="terrain" value="wind"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="terrain" value="metal"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="terrain" value="portal"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="terrain" value="village"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="terrain" value="pickup"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="terrain" value="cave"/>
  </properties>
 </tile>
</tileset>

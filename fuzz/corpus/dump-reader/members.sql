DROP TABLE IF EXISTS `cms_f_members`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `cms_f_members` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `m_username` varchar(80) NOT NULL,
  `m_pass_hash_salted` varchar(255) NOT NULL,
  `m_pass_salt` varchar(255) NOT NULL,
  `m_theme` varchar(80) NOT NULL,
  `m_avatar_url` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `m_validated` tinyint(1) NOT NULL,
  `m_validated_email_confirm_code` varchar(255) NOT NULL,
  `m_cache_num_posts` int(11) NOT NULL,
  `m_cache_warnings` int(11) NOT NULL,
  `m_join_time` int(10) unsigned NOT NULL,
  `m_timezone_offset` varchar(255) NOT NULL,
  `m_primary_group` int(11) NOT NULL,
  `m_last_visit_time` int(10) unsigned NOT NULL,
  `m_last_submit_time` int(10) unsigned NOT NULL,
  `m_signature` longtext NOT NULL,
  `m_is_perm_banned` tinyint(1) NOT NULL,
  `m_preview_posts` tinyint(1) NOT NULL,
  `m_dob_day` tinyint(4) DEFAULT NULL,
  `m_dob_month` tinyint(4) DEFAULT NULL,
  `m_dob_year` int(11) DEFAULT NULL,
  `m_reveal_age` tinyint(1) NOT NULL,
  `m_email_address` varchar(255) NOT NULL,
  `m_title` varchar(255) NOT NULL,
  `m_photo_url` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `m_photo_thumb_url` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `m_views_signatures` tinyint(1) NOT NULL,
  `m_auto_monitor_contrib_content` tinyint(1) NOT NULL,
  `m_language` varchar(80) NOT NULL,
  `m_ip_address` varchar(40) NOT NULL,
  `m_allow_emails` tinyint(1) NOT NULL,
  `m_allow_emails_from_staff` tinyint(1) NOT NULL,
  `m_highlighted_name` tinyint(1) NOT NULL,
  `m_pt_allow` varchar(255) NOT NULL,
  `m_pt_rules_text` longtext NOT NULL,
  `m_max_email_attach_size_mb` int(11) NOT NULL,
  `m_password_change_code` varchar(255) NOT NULL,
  `m_password_compat_scheme` varchar(80) NOT NULL,
  `m_on_probation_until` int(10) unsigned DEFAULT NULL,
  `m_profile_views` int(10) unsigned NOT NULL,
  `m_total_sessions` int(10) unsigned NOT NULL,
  `m_auto_mark_read` tinyint(1) NOT NULL,
  `m_signature__text_parsed` longtext NOT NULL,
  `m_signature__source_user` int(11) NOT NULL DEFAULT 1,
  `m_pt_rules_text__text_parsed` longtext NOT NULL,
  `m_pt_rules_text__source_user` int(11) NOT NULL DEFAULT 1,
  PRIMARY KEY (`id`),
  KEY `user_list` (`m_username`),
  KEY `menail` (`m_email_address`(250)),
  KEY `external_auth_lookup` (`m_pass_hash_salted`(250)),
  KEY `sort_post_count` (`m_cache_num_posts`),
  KEY `m_join_time` (`m_join_time`),
  KEY `whos_validated` (`m_validated`),
  KEY `birthdays` (`m_dob_day`,`m_dob_month`),
  KEY `ftjoin_msig` (`m_signature`(250)),
  KEY `primary_group` (`m_primary_group`),
  KEY `avatar_url` (`m_avatar_url`(250)),
  KEY `last_visit_time` (`m_dob_month`,`m_dob_day`,`m_last_visit_time`),
  FULLTEXT KEY `m_signature` (`m_signature`),
  FULLTEXT KEY `m_pt_rules_text` (`m_pt_rules_text`),
  FULLTEXT KEY `search_user` (`m_username`)
) ENGINE=MyISAM AUTO_INCREMENT=9 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table `cms_f_members`
--

LOCK TABLES `cms_f_members` WRITE;
/*!40000 ALTER TABLE `cms_f_members` DISABLE KEYS */;
INSERT INTO `cms_f_members` VALUES (1,'Guest','','','','',1,'',0,0,1795875633,'UTC',1,1795875633,1795875633,'',0,1,NULL,NULL,NULL,1,'','','','',1,0,'','127.0.0.1',1,1,0,'*','',5,'','plain',NULL,0,1,1,'',1,'',1);
INSERT INTO `cms_f_members` VALUES (2,'admin','$2y$10$jKiAhBuIcTUEQnHu4yTrGOIQkKw5UWbkozYnPRS0ebL6jbx2spAca','b5f23bdb9c125','','themes/default/images/cns_default_avatars/default_set/cool_flare.png',1,'',0,0,1795875633,'UTC',2,1795875656,1795875633,'',0,0,NULL,NULL,NULL,1,'','','','',1,1,'','127.0.0.1',1,1,0,'*','',5,'','',NULL,0,1,1,'',1,'',1);
INSERT INTO `cms_f_members` VALUES (3,'test','$2y$10$m5EhwzIb2NgpNOoMFJjfrezdx5zOjP.WTuwQUICI1ArLUqVVjAS4q','a3b7e08bea950','','',1,'',0,0,1795875633,'UTC',9,1795875633,1795875633,'',0,0,NULL,NULL,NULL,1,'','','','',1,0,'','127.0.0.1',1,1,0,'*','',5,'','',NULL,0,0,1,'',1,'',1);
INSERT INTO `cms_f_members` VALUES (4,'alice','$2y$10$b2KAVg6HxhmgH1Jy6C2YFeDCX92JAnCU7FyZJ2epVXQocgzoTrWeG','6e73486dac27e','','themes/default/images/cns_default_avatars/default_set/trees.png',1,'',0,0,1793283647,'Europe/London',9,1795875659,1795875659,'Alice\'s [b]signature[/b]',0,0,NULL,NULL,NULL,0,'alice@example.com','','','',1,1,'','127.0.0.1',1,1,0,'*','',5,'','',NULL,0,1,1,'',2,'',2);
INSERT INTO `cms_f_members` VALUES (5,'Zoë','$2y$10$GDxGpHhvTwSAAsb0QCdpq.dmf1G7N4gEGzvvOZqRyGrqE8dhgXcFC','be7008d8c2a08','','themes/default/images/cns_default_avatars/default_set/music.png',1,'',0,0,1793715647,'Europe/Paris',9,1795875661,1795875661,'',0,0,28,2,1990,1,'zoe@example.com','','','',1,1,'','127.0.0.1',1,1,0,'*','',5,'','',NULL,0,1,1,'',2,'',2);
INSERT INTO `cms_f_members` VALUES (6,'bob','$2y$10$sAhP4jFxPA/lhse22XxuWukZSWnv46R4DALyaWhxdLp0Szl/foQiG','ab69a0510691d','','themes/default/images/cns_default_avatars/default_set/forks.png',0,'',0,0,1795616447,'America/New_York',9,1795616447,1795875648,'',0,0,NULL,NULL,NULL,0,'bob@example.com','','','',1,1,'','127.0.0.1',1,1,0,'*','',5,'','',NULL,0,0,1,'',2,'',2);
INSERT INTO `cms_f_members` VALUES (7,'carol','$2y$10$YTbLxV4Zc4cBnbcQCSD1YO6qkWL7RQ1QVuYq.MhG20qNXqYet3gsS','827d9d8cd1680','','themes/default/images/cns_default_avatars/default_set/trees.png',1,'',1,0,1794147647,'America/Chicago',9,1795875663,1795875648,'',0,0,3,11,1978,0,'carol@example.com','','','',1,1,'','127.0.0.1',1,1,0,'*','',5,'','',NULL,0,1,1,'',2,'',2);
INSERT INTO `cms_f_members` VALUES (8,'elena','$2y$10$yKkH6Owp5WuMhDrGsDssh.4Yzcld2VDz43izNd.wigAJF28fEFzg2','fb00fcac6461b','','themes/default/images/cns_default_avatars/default_set/bonfire.png',1,'',0,0,1795011647,'Europe/Madrid',12,1795789247,1795875648,'',0,0,9,6,1995,0,'elena@example.es','','','',1,1,'ES','127.0.0.1',1,1,0,'*','',5,'','',NULL,0,0,1,'',2,'',2);
/*!40000 ALTER TABLE `cms_f_members` ENABLE KEYS */;
UNLOCK TABLES;

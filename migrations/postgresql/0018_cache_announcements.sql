-- Cache announcements (PostgreSQL): every change that a server instance's caches depend on is
-- announced on the channel `endpoint_cache` by a trigger, in the transaction that makes it, so every
-- instance listening evicts when it commits — whichever instance, command or SQL session made it.
-- Payloads (see `CacheAnnouncement`): `member:<id>` (one member's sessions, password, ban, groups or
-- profile), `groups` (a group's standing), `config` (an option), `news` (the shown news).
-- Identical payloads in one transaction are delivered once.

CREATE FUNCTION endpoint_announce_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM pg_notify('endpoint_cache', 'member:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM pg_notify('endpoint_cache', 'member:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION endpoint_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('endpoint_cache', TG_ARGV[0]);
    RETURN NULL;
END
$$;

-- A visit time is not something any cache holds.
CREATE TRIGGER members_announce_update AFTER UPDATE ON members FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'last_visit_time') IS DISTINCT FROM (to_jsonb(NEW) - 'last_visit_time'))
    EXECUTE FUNCTION endpoint_announce_member('id');
CREATE TRIGGER members_announce_delete AFTER DELETE ON members FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce_member('id');

-- A session revoked, shortened or moved; recording its use (`last_used_at`) is not announced, nor is
-- sweeping one that had already been revoked.
CREATE TRIGGER device_sessions_announce_update AFTER UPDATE ON device_sessions FOR EACH ROW
    WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR OLD.member_id IS DISTINCT FROM NEW.member_id)
    EXECUTE FUNCTION endpoint_announce_member('member_id');
CREATE TRIGGER device_sessions_announce_delete AFTER DELETE ON device_sessions FOR EACH ROW
    WHEN (OLD.revoked_at IS NULL)
    EXECUTE FUNCTION endpoint_announce_member('member_id');

CREATE TRIGGER group_members_announce AFTER INSERT OR UPDATE OR DELETE ON group_members FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce_member('member_id');

CREATE TRIGGER groups_announce AFTER INSERT OR UPDATE OR DELETE ON groups FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce('groups');

CREATE TRIGGER config_announce_update AFTER UPDATE ON config FOR EACH ROW
    WHEN (OLD.value IS DISTINCT FROM NEW.value)
    EXECUTE FUNCTION endpoint_announce('config');
CREATE TRIGGER config_announce_insert_delete AFTER INSERT OR DELETE ON config FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce('config');

-- Every news write and every change the news clock makes is recorded in the change log.
CREATE TRIGGER news_changes_announce AFTER INSERT ON news_changes FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce('news');

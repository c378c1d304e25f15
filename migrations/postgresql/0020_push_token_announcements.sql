-- Push registrations are remembered per instance (`PushRegistrations`): a token that moves to another
-- owner or is removed is announced (`tokens`, see 0018), so every instance forgets what it remembers.
-- A refreshed last-seen time is not announced.
CREATE TRIGGER device_tokens_announce_update AFTER UPDATE ON device_tokens FOR EACH ROW
    WHEN (OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.token IS DISTINCT FROM NEW.token OR OLD.platform IS DISTINCT FROM NEW.platform)
    EXECUTE FUNCTION endpoint_announce('tokens');
CREATE TRIGGER device_tokens_announce_delete AFTER DELETE ON device_tokens FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce('tokens');

-- Issue #18: raw events are append-only. Retention deletes old days; nothing updates a row.
CREATE TRIGGER IF NOT EXISTS `events_append_only` BEFORE UPDATE ON `events`
BEGIN
  SELECT RAISE(ABORT, 'events are append-only');
END;

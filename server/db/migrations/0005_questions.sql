ALTER TABLE "categories" ADD COLUMN "icon" text;
--> statement-breakpoint
-- submit_answer (0001-0004): in the unscored activities (Would You Rather, questions) an answer may be replaced only
-- until both members have answered; once both answers are revealed they stand, and a different one is refused with
-- the outcome 'revealed' (no version bump). The same answer again is accepted as before (a retry whose reply was
-- lost). Scored games as in 0004. Everything else as in 0004.
DROP FUNCTION IF EXISTS submit_answer(uuid, text, uuid, jsonb, boolean);
--> statement-breakpoint
CREATE FUNCTION submit_answer(p_session uuid, p_user text, p_item uuid, p_answer jsonb, p_keep_first boolean)
RETURNS TABLE (outcome text, item_id uuid, both_answered boolean, version integer, current_index integer, other_answer jsonb)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  seat record;
  s record;
  other_member text;
  current_item uuid;
  new_version integer;
  other jsonb;
  written integer;
BEGIN
  SELECT * INTO seat FROM session_seat(p_session, p_user, true);
  IF seat.seat IN ('not_found', 'denied') THEN
    RETURN QUERY SELECT seat.seat, NULL::uuid, false, NULL::integer, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  SELECT gs.status, gs.current_index, gs.level_id, gs.creator_id INTO s FROM game_sessions gs WHERE gs.id = p_session;
  other_member := CASE WHEN seat.seat = 'host' THEN seat.guest_id ELSE s.creator_id END;
  IF s.status <> 'active' THEN
    RETURN QUERY SELECT 'completed'::text, NULL::uuid, false, NULL::integer, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF seat.read_only THEN
    RETURN QUERY SELECT 'read_only'::text, NULL::uuid, false, NULL::integer, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  SELECT i.id INTO current_item FROM items i WHERE i.level_id = s.level_id ORDER BY i.position OFFSET s.current_index LIMIT 1;
  IF current_item IS NULL THEN
    RETURN QUERY SELECT 'completed'::text, NULL::uuid, false, NULL::integer, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF p_item IS NULL THEN
    RETURN QUERY SELECT 'current'::text, current_item, false, NULL::integer, s.current_index, NULL::jsonb;
    RETURN;
  END IF;
  IF p_item <> current_item THEN
    RETURN QUERY SELECT 'moved_on'::text, current_item, false, NULL::integer, s.current_index, NULL::jsonb;
    RETURN;
  END IF;
  INSERT INTO responses AS r (session_id, item_id, user_id, answer)
  VALUES (p_session, current_item, p_user, p_answer)
  ON CONFLICT (session_id, item_id, user_id) DO UPDATE SET answer = EXCLUDED.answer, updated_at = now()
    WHERE r.answer = EXCLUDED.answer
       OR (NOT p_keep_first AND NOT EXISTS (
             SELECT 1 FROM responses o WHERE o.session_id = p_session AND o.item_id = current_item AND o.user_id = other_member));
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written = 0 AND NOT p_keep_first THEN
    RETURN QUERY SELECT 'revealed'::text, current_item, true, NULL::integer, s.current_index, NULL::jsonb;
    RETURN;
  END IF;
  IF written = 0 THEN
    RETURN QUERY SELECT 'answered'::text, current_item, false, NULL::integer, s.current_index, NULL::jsonb;
    RETURN;
  END IF;
  UPDATE game_sessions gs SET version = gs.version + 1 WHERE gs.id = p_session RETURNING gs.version INTO new_version;
  SELECT r.answer INTO other FROM responses r WHERE r.session_id = p_session AND r.item_id = current_item AND r.user_id = other_member;
  RETURN QUERY SELECT 'ok'::text, current_item, other IS NOT NULL, new_version, s.current_index, other;
END
$$;

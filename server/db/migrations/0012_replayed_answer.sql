-- An answer sent again, the same as the one stored (docs/decisions/045-installable-and-offline.md: the outbox
-- replays a kept pick), changes nothing: outcome 'unchanged' and the session's version as it is, so a partner's
-- screen that already holds it ignores the event the app sends again (only one that missed it applies it) and no
-- "New Answer" is shown twice. Everything else is the rule of 0009.
CREATE OR REPLACE FUNCTION submit_answer(p_session uuid, p_user text, p_item uuid, p_answer jsonb, p_keep_first boolean)
RETURNS TABLE (outcome text, item_id uuid, both_answered boolean, version integer, current_index integer, other_answer jsonb, all_answered boolean, pace text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  seat record;
  s record;
  other_member text;
  idx integer;
  current_item uuid;
  new_version integer;
  other jsonb;
  mine jsonb;
  written integer;
  everything boolean := false;
BEGIN
  SELECT * INTO seat FROM session_seat(p_session, p_user, true);
  IF seat.seat IN ('not_found', 'denied') THEN
    RETURN QUERY SELECT seat.seat, NULL::uuid, false, NULL::integer, NULL::integer, NULL::jsonb, false, NULL::text;
    RETURN;
  END IF;
  SELECT gs.status, gs.current_index, gs.level_id, gs.creator_id, gs.item_order, gs.pace INTO s FROM game_sessions gs WHERE gs.id = p_session;
  other_member := CASE WHEN seat.seat = 'host' THEN seat.guest_id ELSE s.creator_id END;
  IF s.status <> 'active' THEN
    RETURN QUERY SELECT 'completed'::text, NULL::uuid, false, NULL::integer, NULL::integer, NULL::jsonb, false, s.pace;
    RETURN;
  END IF;
  IF seat.read_only THEN
    RETURN QUERY SELECT 'read_only'::text, NULL::uuid, false, NULL::integer, NULL::integer, NULL::jsonb, false, s.pace;
    RETURN;
  END IF;
  idx := s.current_index;
  IF s.pace = 'own' THEN
    SELECT sp.position INTO idx FROM session_positions sp WHERE sp.session_id = p_session AND sp.user_id = p_user;
    idx := coalesce(idx, 0);
  END IF;
  SELECT i.id INTO current_item FROM items i WHERE i.level_id = s.level_id
    ORDER BY array_position(s.item_order, i.id) NULLS LAST, i.position OFFSET idx LIMIT 1;
  IF current_item IS NULL THEN
    -- Live: past the last item is the completion. At your own pace: this member has answered every item.
    RETURN QUERY SELECT (CASE WHEN s.pace = 'own' THEN 'moved_on' ELSE 'completed' END)::text, NULL::uuid, false, NULL::integer, idx, NULL::jsonb, false, s.pace;
    RETURN;
  END IF;
  IF p_item IS NULL THEN
    RETURN QUERY SELECT 'current'::text, current_item, false, NULL::integer, idx, NULL::jsonb, false, s.pace;
    RETURN;
  END IF;
  IF p_item <> current_item THEN
    RETURN QUERY SELECT 'moved_on'::text, current_item, false, NULL::integer, idx, NULL::jsonb, false, s.pace;
    RETURN;
  END IF;
  SELECT r.answer INTO mine FROM responses r WHERE r.session_id = p_session AND r.item_id = current_item AND r.user_id = p_user;
  IF mine IS NOT NULL AND mine = p_answer THEN
    -- The same answer again (the web's outbox replays a kept pick after a reload or a lost reply): nothing changes,
    -- no new version; the reply is the state as it stands.
    SELECT r.answer INTO other FROM responses r WHERE r.session_id = p_session AND r.item_id = current_item AND r.user_id = other_member;
    RETURN QUERY SELECT 'unchanged'::text, current_item, other IS NOT NULL, (SELECT gs.version FROM game_sessions gs WHERE gs.id = p_session), idx, other, false, s.pace;
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
    RETURN QUERY SELECT 'revealed'::text, current_item, true, NULL::integer, idx, NULL::jsonb, false, s.pace;
    RETURN;
  END IF;
  IF written = 0 THEN
    RETURN QUERY SELECT 'answered'::text, current_item, false, NULL::integer, idx, NULL::jsonb, false, s.pace;
    RETURN;
  END IF;
  UPDATE game_sessions gs SET version = gs.version + 1 WHERE gs.id = p_session RETURNING gs.version INTO new_version;
  SELECT r.answer INTO other FROM responses r WHERE r.session_id = p_session AND r.item_id = current_item AND r.user_id = other_member;
  IF s.pace = 'own' AND other_member IS NOT NULL THEN
    SELECT (SELECT count(*) FROM responses r WHERE r.session_id = p_session AND r.user_id IN (p_user, other_member))
         >= 2 * (SELECT count(*) FROM items i WHERE i.level_id = s.level_id)
      INTO everything;
  END IF;
  RETURN QUERY SELECT 'ok'::text, current_item, other IS NOT NULL, new_version, idx, other, everything, s.pace;
END
$$;

-- One round trip for the hottest write of the app: a player's answer (spec 001 §4, decisions §2).
-- Inside a function every statement takes a fresh snapshot (READ COMMITTED), so once the session row is locked,
-- the count below sees the partner's answer if it committed first: of two answers racing on one item, exactly
-- the second reports both_answered. The lock also orders answers against the host's next/prev/shuffle.
-- Outcomes: ok, not_found, denied, completed, moved_on (p_item is not the current item), current (p_item was
-- null: nothing written, the current item returned so the caller can check the answer against it).
CREATE OR REPLACE FUNCTION submit_answer(p_session uuid, p_user text, p_item uuid, p_answer jsonb)
RETURNS TABLE (outcome text, item_id uuid, both_answered boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  s record;
  current_item uuid;
  partner_answers integer;
BEGIN
  SELECT gs.status, gs.current_index, gs.level_id, gs.creator_id, u.partner_id
    INTO s
    FROM game_sessions gs JOIN users u ON u.id = gs.creator_id
   WHERE gs.id = p_session
     FOR UPDATE OF gs;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, false;
    RETURN;
  END IF;
  IF p_user IS NULL OR (s.creator_id IS DISTINCT FROM p_user AND s.partner_id IS DISTINCT FROM p_user) THEN
    RETURN QUERY SELECT 'denied'::text, NULL::uuid, false;
    RETURN;
  END IF;
  IF s.status <> 'active' THEN
    RETURN QUERY SELECT 'completed'::text, NULL::uuid, false;
    RETURN;
  END IF;
  SELECT i.id INTO current_item FROM items i WHERE i.level_id = s.level_id ORDER BY i.position OFFSET s.current_index LIMIT 1;
  IF current_item IS NULL THEN
    RETURN QUERY SELECT 'completed'::text, NULL::uuid, false;
    RETURN;
  END IF;
  IF p_item IS NULL THEN
    RETURN QUERY SELECT 'current'::text, current_item, false;
    RETURN;
  END IF;
  IF p_item <> current_item THEN
    RETURN QUERY SELECT 'moved_on'::text, current_item, false;
    RETURN;
  END IF;
  INSERT INTO responses AS r (session_id, item_id, user_id, answer)
  VALUES (p_session, current_item, p_user, p_answer)
  ON CONFLICT (session_id, item_id, user_id) DO UPDATE SET answer = EXCLUDED.answer, updated_at = now();
  SELECT count(*) INTO partner_answers FROM responses r WHERE r.session_id = p_session AND r.item_id = current_item AND r.user_id <> p_user;
  RETURN QUERY SELECT 'ok'::text, current_item, partner_answers > 0;
END
$$;

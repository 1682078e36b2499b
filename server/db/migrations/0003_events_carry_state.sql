ALTER TABLE "game_sessions" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The one copy of who may touch a session (docs/decisions/012), used by submit_answer below and by the TypeScript
-- access check (server/modules/sessions/access.ts): the creator ('host') and the guest recorded at creation
-- ('guest'); while the guest seat is empty, the creator's partner takes it on first touching an active session.
-- Anyone else is 'denied'; an unknown session is 'not_found'. `read_only`: the two members are no longer partners.
-- `p_lock` locks the session row (FOR UPDATE) for a caller that writes in the same transaction.
CREATE OR REPLACE FUNCTION session_seat(p_session uuid, p_user text, p_lock boolean)
RETURNS TABLE (seat text, guest_id text, creator_partner_id text, read_only boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  s record;
  taken text;
BEGIN
  IF p_lock THEN
    SELECT gs.status, gs.creator_id, gs.guest_id, u.partner_id INTO s
      FROM game_sessions gs JOIN users u ON u.id = gs.creator_id WHERE gs.id = p_session FOR UPDATE OF gs;
  ELSE
    SELECT gs.status, gs.creator_id, gs.guest_id, u.partner_id INTO s
      FROM game_sessions gs JOIN users u ON u.id = gs.creator_id WHERE gs.id = p_session;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::text, false;
    RETURN;
  END IF;
  IF p_user IS NOT NULL AND p_user = s.creator_id THEN
    RETURN QUERY SELECT 'host'::text, s.guest_id, s.partner_id, s.guest_id IS NOT NULL AND s.partner_id IS DISTINCT FROM s.guest_id;
    RETURN;
  END IF;
  IF p_user IS NOT NULL AND p_user = s.guest_id THEN
    RETURN QUERY SELECT 'guest'::text, s.guest_id, s.partner_id, s.partner_id IS DISTINCT FROM s.guest_id;
    RETURN;
  END IF;
  IF p_user IS NOT NULL AND s.guest_id IS NULL AND s.partner_id = p_user AND s.status = 'active' THEN
    -- Guarded by the empty seat, so of two racing takers (only the partner qualifies) the seat is taken once.
    UPDATE game_sessions gs SET guest_id = p_user WHERE gs.id = p_session AND gs.guest_id IS NULL RETURNING gs.guest_id INTO taken;
    IF taken IS NULL THEN
      SELECT gs.guest_id INTO taken FROM game_sessions gs WHERE gs.id = p_session;
    END IF;
    IF taken = p_user THEN
      RETURN QUERY SELECT 'guest'::text, p_user, s.partner_id, false;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT 'denied'::text, NULL::text, NULL::text, false;
END
$$;
--> statement-breakpoint
-- submit_answer (migrations 0001, 0002) now asks session_seat for the access rule, bumps the session's version in
-- the same transaction as the answer, and returns what the answering player's screen needs: the new version and
-- the other member's answer (only used once both have answered). Outcomes as in 0002.
DROP FUNCTION IF EXISTS submit_answer(uuid, text, uuid, jsonb);
--> statement-breakpoint
CREATE FUNCTION submit_answer(p_session uuid, p_user text, p_item uuid, p_answer jsonb)
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
  ON CONFLICT (session_id, item_id, user_id) DO UPDATE SET answer = EXCLUDED.answer, updated_at = now();
  UPDATE game_sessions gs SET version = gs.version + 1 WHERE gs.id = p_session RETURNING gs.version INTO new_version;
  SELECT r.answer INTO other FROM responses r WHERE r.session_id = p_session AND r.item_id = current_item AND r.user_id = other_member;
  RETURN QUERY SELECT 'ok'::text, current_item, other IS NOT NULL, new_version, s.current_index, other;
END
$$;

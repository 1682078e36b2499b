-- The engine's SQL functions, the one copy in force. Migrations 0001-0012 hold their history; from migration 0012
-- on, a change is made here only: at start, after the migrations, `server/db/functions.ts` applies this file in one
-- transaction when its hash differs from the one recorded on the functions (a comment on each), under the same lock
-- as the migrations. Statements are separated as in Drizzle's migrations.

-- Before 2026-11-28 `submit_answer` read the database's time; it now takes the app's clock (docs/decisions/032).
DROP FUNCTION IF EXISTS submit_answer(uuid, text, uuid, jsonb, boolean);
--> statement-breakpoint
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
-- One answer, written where the session's rules allow it (server/modules/sessions/answers.ts `submitAnswer` says
-- which): the seat checked and the session row locked (session_seat), the current item at the member's position
-- (the shared index live, their own at their own pace), the answer replaced only until both answered (never in a
-- scored game: p_keep_first), the same answer again changing nothing ('unchanged'), the version bumped with it.
-- `p_now` is the app's clock: the answer's times, which "your turn" orders by.
CREATE OR REPLACE FUNCTION submit_answer(p_session uuid, p_user text, p_item uuid, p_answer jsonb, p_keep_first boolean, p_now timestamptz)
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
  INSERT INTO responses AS r (session_id, item_id, user_id, answer, created_at, updated_at)
  VALUES (p_session, current_item, p_user, p_answer, p_now, p_now)
  ON CONFLICT (session_id, item_id, user_id) DO UPDATE SET answer = EXCLUDED.answer, updated_at = p_now
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

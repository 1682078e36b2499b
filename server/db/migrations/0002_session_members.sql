ALTER TABLE "game_sessions" ADD COLUMN "guest_id" text;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_guest_idx" ON "game_sessions" USING btree ("guest_id");--> statement-breakpoint
-- Existing sessions get the member who actually played in them, else the creator's partner of today.
UPDATE "game_sessions" gs SET "guest_id" = COALESCE(
  (SELECT min(r.user_id) FROM "responses" r WHERE r.session_id = gs.id AND r.user_id <> gs.creator_id HAVING count(DISTINCT r.user_id) = 1),
  (SELECT u.partner_id FROM "users" u WHERE u.id = gs.creator_id)
);--> statement-breakpoint
-- submit_answer (migration 0001) now follows the session's two members (docs/decisions/012): the creator and the
-- recorded guest. An empty guest seat is taken by the creator's partner on their first answer; a session whose
-- members are no longer partners is read-only. Outcomes: ok, not_found, denied, completed, read_only, moved_on,
-- current (p_item was null: nothing written, the current item returned so the caller can check the answer).
CREATE OR REPLACE FUNCTION submit_answer(p_session uuid, p_user text, p_item uuid, p_answer jsonb)
RETURNS TABLE (outcome text, item_id uuid, both_answered boolean)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  s record;
  other_member text;
  current_item uuid;
  other_answers integer;
BEGIN
  SELECT gs.status, gs.current_index, gs.level_id, gs.creator_id, gs.guest_id, u.partner_id
    INTO s
    FROM game_sessions gs JOIN users u ON u.id = gs.creator_id
   WHERE gs.id = p_session
     FOR UPDATE OF gs;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, false;
    RETURN;
  END IF;
  IF p_user IS NULL THEN
    RETURN QUERY SELECT 'denied'::text, NULL::uuid, false;
    RETURN;
  ELSIF p_user = s.creator_id THEN
    other_member := s.guest_id;
  ELSIF p_user = s.guest_id THEN
    other_member := s.creator_id;
  ELSIF s.guest_id IS NULL AND s.partner_id = p_user AND s.status = 'active' THEN
    UPDATE game_sessions SET guest_id = p_user WHERE id = p_session;
    s.guest_id := p_user;
    other_member := s.creator_id;
  ELSE
    RETURN QUERY SELECT 'denied'::text, NULL::uuid, false;
    RETURN;
  END IF;
  IF s.status <> 'active' THEN
    RETURN QUERY SELECT 'completed'::text, NULL::uuid, false;
    RETURN;
  END IF;
  IF s.guest_id IS NOT NULL AND s.partner_id IS DISTINCT FROM s.guest_id THEN
    RETURN QUERY SELECT 'read_only'::text, NULL::uuid, false;
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
  SELECT count(*) INTO other_answers FROM responses r WHERE r.session_id = p_session AND r.item_id = current_item AND r.user_id = other_member;
  RETURN QUERY SELECT 'ok'::text, current_item, other_answers > 0;
END
$$;

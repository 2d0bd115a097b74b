-- Faction picks move from the seats into the log, as `setup <faction>` rows (snellman's notation).
-- Replay used to pick the seats' factions in position order, up to the first seat without one,
-- before the first move: the same picks become the log's first rows, in that order, and the
-- existing moves follow them. The rows are dated at the game's start, the time the move timer
-- counted from while nobody had moved, and have no user (nobody typed them here). A pending undo
-- request counts seqs and moves up with the log; undo records keep the seqs of their time.
CREATE TEMP TABLE "_Pick" AS
SELECT s."gameId", s."position", s."faction",
       COALESCE((g."settings"::jsonb ->> 'startedAt')::timestamptz AT TIME ZONE 'UTC', s."joinedAt") AS "at"
FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
WHERE s."faction" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "Seat" e WHERE e."gameId" = s."gameId" AND e."position" < s."position" AND e."faction" IS NULL);
CREATE TEMP TABLE "_PickCount" AS SELECT "gameId", COUNT(*)::integer AS "picks" FROM "_Pick" GROUP BY "gameId";
-- Two steps, so that no row ever takes a seq another row still holds.
UPDATE "Move" m SET "seq" = -(m."seq" + c."picks") FROM "_PickCount" c WHERE c."gameId" = m."gameId";
UPDATE "Move" SET "seq" = -"seq" WHERE "seq" < 0;
INSERT INTO "Move" ("gameId", "seq", "seat", "userId", "text", "createdAt")
SELECT "gameId", "position" + 1, "position", NULL, 'setup ' || "faction", "at" FROM "_Pick";
UPDATE "Game" g SET "moveCount" = g."moveCount" + c."picks" FROM "_PickCount" c WHERE c."gameId" = g."id";
UPDATE "Game" g SET "settings" = jsonb_set(jsonb_set(g."settings"::jsonb,
    '{undoRequest,keepThroughSeq}', to_jsonb((g."settings"::jsonb #>> '{undoRequest,keepThroughSeq}')::integer + c."picks")),
    '{undoRequest,moveCount}', to_jsonb((g."settings"::jsonb #>> '{undoRequest,moveCount}')::integer + c."picks"))::text
FROM "_PickCount" c WHERE c."gameId" = g."id" AND jsonb_typeof(g."settings"::jsonb -> 'undoRequest') = 'object';
DROP TABLE "_Pick";
DROP TABLE "_PickCount";

-- AlterTable
ALTER TABLE "Seat" DROP COLUMN "faction";

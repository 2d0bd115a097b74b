-- Faction picks move from the seats into the log, as `setup <faction>` rows (snellman's notation).
-- Replay used to pick the seats' factions in position order, up to the first seat without one,
-- before the first move: the same picks become the log's first rows, in that order, and the
-- existing moves follow them. The rows are dated at the game's start, the time the move timer
-- counted from while nobody had moved, and have no user (nobody typed them here). A pending undo
-- request counts seqs and moves up with the log; undo records keep the seqs of their time.
CREATE TEMP TABLE "_Pick" AS
SELECT s."gameId", s."position", s."faction",
       COALESCE(replace(json_extract(g."settings", '$.startedAt'), 'Z', '+00:00'), s."joinedAt") AS "at"
FROM "Seat" s JOIN "Game" g ON g."id" = s."gameId"
WHERE s."faction" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "Seat" e WHERE e."gameId" = s."gameId" AND e."position" < s."position" AND e."faction" IS NULL);
CREATE TEMP TABLE "_PickCount" AS SELECT "gameId", COUNT(*) AS "picks" FROM "_Pick" GROUP BY "gameId";
-- Two steps, so that no row ever takes a seq another row still holds.
UPDATE "Move" SET "seq" = -("seq" + (SELECT c."picks" FROM "_PickCount" c WHERE c."gameId" = "Move"."gameId"))
WHERE "gameId" IN (SELECT "gameId" FROM "_PickCount");
UPDATE "Move" SET "seq" = -"seq" WHERE "seq" < 0;
INSERT INTO "Move" ("gameId", "seq", "seat", "userId", "text", "createdAt")
SELECT "gameId", "position" + 1, "position", NULL, 'setup ' || "faction", "at" FROM "_Pick";
UPDATE "Game" SET "moveCount" = "moveCount" + (SELECT c."picks" FROM "_PickCount" c WHERE c."gameId" = "Game"."id")
WHERE "id" IN (SELECT "gameId" FROM "_PickCount");
UPDATE "Game" SET "settings" = json_set("settings",
    '$.undoRequest.keepThroughSeq', json_extract("settings", '$.undoRequest.keepThroughSeq') + (SELECT c."picks" FROM "_PickCount" c WHERE c."gameId" = "Game"."id"),
    '$.undoRequest.moveCount', json_extract("settings", '$.undoRequest.moveCount') + (SELECT c."picks" FROM "_PickCount" c WHERE c."gameId" = "Game"."id"))
WHERE "id" IN (SELECT "gameId" FROM "_PickCount") AND json_type("settings", '$.undoRequest') = 'object';
DROP TABLE "_Pick";
DROP TABLE "_PickCount";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Seat" (
    "gameId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "leechRules" TEXT NOT NULL DEFAULT '[]',
    "joinedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("gameId", "position"),
    CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Seat" ("gameId", "joinedAt", "leechRules", "position", "userId") SELECT "gameId", "joinedAt", "leechRules", "position", "userId" FROM "Seat";
DROP TABLE "Seat";
ALTER TABLE "new_Seat" RENAME TO "Seat";
CREATE INDEX "Seat_userId_idx" ON "Seat"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

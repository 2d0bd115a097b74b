-- CreateTable
CREATE TABLE "InteractionInFlight" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "guildId" TEXT NOT NULL DEFAULT '',
    "channelId" TEXT NOT NULL,
    "gameId" TEXT,
    "what" TEXT NOT NULL DEFAULT '',
    "locale" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "InteractionInFlight_startedAt_idx" ON "InteractionInFlight"("startedAt");

-- CreateTable
CREATE TABLE "GameResult" (
    "gameId" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,
    "map" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameResult_pkey" PRIMARY KEY ("gameId")
);

-- CreateTable
CREATE TABLE "ResultSeat" (
    "gameId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "faction" TEXT NOT NULL,
    "vp" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "dropped" BOOLEAN NOT NULL,
    "ai" BOOLEAN NOT NULL,

    CONSTRAINT "ResultSeat_pkey" PRIMARY KEY ("gameId","position")
);

-- CreateTable
CREATE TABLE "GuildLeague" (
    "guildId" TEXT NOT NULL,
    "ratings" TEXT NOT NULL DEFAULT 'off',
    "adminRoleId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GuildLeague_pkey" PRIMARY KEY ("guildId")
);

-- CreateTable
CREATE TABLE "Season" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "config" TEXT NOT NULL,
    "signupClosesAt" TIMESTAMP(3),
    "signupMessageId" TEXT,
    "standingsMessageId" TEXT,
    "createdBy" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Season_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeasonEntry" (
    "seasonId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "signedUpAt" TIMESTAMP(3) NOT NULL,
    "division" INTEGER,
    "seed" INTEGER,

    CONSTRAINT "SeasonEntry_pkey" PRIMARY KEY ("seasonId","userId")
);

-- CreateTable
CREATE TABLE "SeasonTable" (
    "seasonId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "division" INTEGER NOT NULL,
    "group" INTEGER NOT NULL,
    "channelId" TEXT,
    "gameId" TEXT,

    CONSTRAINT "SeasonTable_pkey" PRIMARY KEY ("seasonId","number")
);

-- CreateTable
CREATE TABLE "SeasonSeat" (
    "seasonId" TEXT NOT NULL,
    "tableNumber" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "substituteId" TEXT,

    CONSTRAINT "SeasonSeat_pkey" PRIMARY KEY ("seasonId","tableNumber","position")
);

-- CreateIndex
CREATE INDEX "GameResult_guildId_finishedAt_idx" ON "GameResult"("guildId", "finishedAt");

-- CreateIndex
CREATE INDEX "GameResult_guildId_channelId_finishedAt_idx" ON "GameResult"("guildId", "channelId", "finishedAt");

-- CreateIndex
CREATE INDEX "ResultSeat_userId_idx" ON "ResultSeat"("userId");

-- CreateIndex
CREATE INDEX "Season_guildId_status_idx" ON "Season"("guildId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Season_guildId_name_key" ON "Season"("guildId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "SeasonTable_gameId_key" ON "SeasonTable"("gameId");

-- CreateIndex
CREATE INDEX "SeasonSeat_userId_idx" ON "SeasonSeat"("userId");

-- AddForeignKey
ALTER TABLE "GameResult" ADD CONSTRAINT "GameResult_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResultSeat" ADD CONSTRAINT "ResultSeat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "GameResult"("gameId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonEntry" ADD CONSTRAINT "SeasonEntry_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonTable" ADD CONSTRAINT "SeasonTable_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonSeat" ADD CONSTRAINT "SeasonSeat_seasonId_tableNumber_fkey" FOREIGN KEY ("seasonId", "tableNumber") REFERENCES "SeasonTable"("seasonId", "number") ON DELETE CASCADE ON UPDATE CASCADE;

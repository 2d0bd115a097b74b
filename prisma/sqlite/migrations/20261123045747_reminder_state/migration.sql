-- CreateTable
CREATE TABLE "ReminderState" (
    "gameId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "sentStep" INTEGER NOT NULL DEFAULT 0,
    "claimedStep" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" DATETIME,

    PRIMARY KEY ("gameId", "version", "userId"),
    CONSTRAINT "ReminderState_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

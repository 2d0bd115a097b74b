-- CreateTable
CREATE TABLE "ReminderState" (
    "gameId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "sentStep" INTEGER NOT NULL DEFAULT 0,
    "claimedStep" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),

    CONSTRAINT "ReminderState_pkey" PRIMARY KEY ("gameId","version","userId")
);

-- AddForeignKey
ALTER TABLE "ReminderState" ADD CONSTRAINT "ReminderState_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Game" ADD COLUMN "waitRestartedAt" DATETIME;

-- Games stored before keep NULL: their deadlines stay the last row (or the start) plus the timer.

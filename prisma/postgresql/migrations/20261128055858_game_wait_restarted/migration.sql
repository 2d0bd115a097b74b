-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "waitRestartedAt" TIMESTAMP(3);

-- Games stored before keep NULL: their deadlines stay the last row (or the start) plus the timer.

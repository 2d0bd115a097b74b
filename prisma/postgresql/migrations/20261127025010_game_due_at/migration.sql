-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "dueAt" TIMESTAMP(3);

-- Every game stored before is looked at by the next reminder pass, which sets its next time.
UPDATE "Game" SET "dueAt" = "updatedAt";

-- CreateIndex
CREATE INDEX "Game_status_dueAt_idx" ON "Game"("status", "dueAt");

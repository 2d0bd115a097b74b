/*
  Warnings:

  - A unique constraint covering the columns `[threadId]` on the table `Game` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "threadId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Game_threadId_key" ON "Game"("threadId");

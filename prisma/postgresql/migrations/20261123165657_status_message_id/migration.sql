-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "statusMessageId" TEXT;

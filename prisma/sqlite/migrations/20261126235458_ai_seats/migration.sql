-- AlterTable
ALTER TABLE "Seat" ADD COLUMN "aiLevel" TEXT;
ALTER TABLE "Seat" ADD COLUMN "aiStandsInFor" TEXT;

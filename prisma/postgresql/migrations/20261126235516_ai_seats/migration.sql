-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "aiLevel" TEXT,
ADD COLUMN     "aiStandsInFor" TEXT;

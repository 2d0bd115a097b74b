-- AlterTable
ALTER TABLE "InteractionClaim" ADD COLUMN "claimedBy" TEXT NOT NULL DEFAULT '';

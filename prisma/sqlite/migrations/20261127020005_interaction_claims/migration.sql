-- CreateTable
CREATE TABLE "InteractionClaim" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "claimedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "InteractionClaim_claimedAt_idx" ON "InteractionClaim"("claimedAt");

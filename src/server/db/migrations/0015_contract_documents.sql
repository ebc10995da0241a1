-- Issue 27 (decision 034): a contract's files belong to the contract.
ALTER TABLE "documents" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
UPDATE "documents" d SET "contract_id" = k."id" FROM "contracts" k WHERE d."id" IN (k."document_id", k."sealed_document_id");--> statement-breakpoint
-- NOT VALID: a contract whose file an earlier version let its landlord delete keeps its row (the
-- constraint holds for every change from now on, including the deletion of any referenced file).
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_sealed_document_id_documents_id_fk" FOREIGN KEY ("sealed_document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action NOT VALID;

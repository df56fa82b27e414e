-- Issue 18 (decision 038): a large recording reaches the inbox in pieces. The webhook route decodes the verified
-- body's base64 from its temporary file a piece at a time into this table, and PostgreSQL joins the pieces into
-- voice_webhook_inbox.audio in the same transaction (and deletes them): the application never holds the whole
-- recording. Rows live only inside that transaction.
CREATE TABLE "voice_webhook_audio_chunks" (
	"inbox_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "voice_webhook_audio_chunks_pkey" PRIMARY KEY ("inbox_id", "seq"),
	CONSTRAINT "voice_webhook_audio_chunks_inbox_fk" FOREIGN KEY ("inbox_id") REFERENCES "voice_webhook_inbox"("id") ON DELETE CASCADE
);
--> statement-breakpoint
ALTER TABLE "voice_webhook_audio_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;

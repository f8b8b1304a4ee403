// Copies DATA_DIR's uploads into S3_URL's bucket, before the servers are started with S3_URL:
// `npm run uploads:to-s3`. It may be run again: what the bucket already has is skipped.
import { ConfigError, loadConfig } from './config.js';
import { copyUploadsToBucket } from './modules/uploads/copy-to-bucket.js';
import { createS3Client, createS3Store } from './modules/uploads/s3-store.js';

async function main() {
  const config = loadConfig();
  if (!config.s3) {
    console.error("S3_URL is not set: it names the bucket to copy DATA_DIR's uploads into.");
    process.exit(1);
  }
  const client = createS3Client(config.s3);
  try {
    const bucket = createS3Store({ client, bucket: config.s3.bucket, dataDir: config.dataDir });
    process.stdout.write(`Copying ${config.dataDir}'s uploads into the bucket ${config.s3.bucket}\n`);
    const counts = await copyUploadsToBucket(config.dataDir, bucket, (url, outcome) =>
      process.stdout.write(`${outcome} ${url}\n`),
    );
    process.stdout.write(
      `${counts.copied} copied, ${counts.skipped} skipped (in the bucket already, with the same size)\n`,
    );
  } finally {
    client.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

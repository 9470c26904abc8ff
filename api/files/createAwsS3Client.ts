import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3ObjectClient } from './fileStore.ts';

/**
 * The three object calls of the S3 file store, through @aws-sdk/client-s3: AWS S3, or any S3-compatible server
 * (MinIO, R2, Ceph) given its endpoint. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, or an instance role).
 * @param config - region, endpoint and forcePathStyle (most S3-compatible servers need it)
 * @example createS3FileStore({ client: createAwsS3Client({ region: 'ca-central-1' }), bucket: 'applications' })
 */
export function createAwsS3Client(config: S3ClientConfig): S3ObjectClient {
  const s3 = new S3Client(config);
  return {
    async putObject(input) {
      await s3.send(new PutObjectCommand(input));
    },
    async getObject(input) {
      try {
        const object = await s3.send(new GetObjectCommand(input));
        if (!object.Body) return undefined;
        return { Body: await object.Body.transformToByteArray(), ContentType: object.ContentType };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async deleteObject(input) {
      await s3.send(new DeleteObjectCommand(input));
    },
  };
}

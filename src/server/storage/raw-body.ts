import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { fileTooLargeMessage } from './proof-file';

/**
 * How much of an oversized body the server reads and discards before it answers 413. Node closes
 * a connection whose request is still arriving when the answer goes out, and the client, busy
 * sending, then sees a broken pipe instead of the message. Up to this many bytes the body is
 * drained first, so the guest's browser reads SPEC §5's message; a larger body is answered at
 * once and its connection closed, so a hostile client cannot make the server read without end.
 */
const DRAIN_BEFORE_REFUSING = 16 * 1024 * 1024;

/** Resolves once `payload` has ended, failed, or passed `cap` bytes, discarding what it reads. */
function drain(payload: NodeJS.ReadableStream, alreadyRead: number, cap: number): Promise<void> {
  return new Promise((resolve) => {
    let size = alreadyRead;
    const finish = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', finish);
      payload.removeListener('error', finish);
      payload.removeListener('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      size += chunk.length;
      if (size > cap) finish();
    };
    payload.on('data', onData);
    payload.once('end', finish);
    payload.once('error', finish);
    payload.once('close', finish);
    payload.resume();
  });
}

/**
 * Reads a request body of at most `limit` bytes. Past `limit` it keeps no more bytes, drains the
 * rest (see DRAIN_BEFORE_REFUSING) and answers 413 with SPEC §5's message, so an oversized upload
 * is never held in memory whole.
 */
function readLimitedBody(payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer | string) => {
      if (done) return;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        payload.removeListener('data', onData);
        void drain(payload, size, DRAIN_BEFORE_REFUSING).then(() =>
          reject(new AppError(413, fileTooLargeMessage(limit))),
        );
        return;
      }
      chunks.push(buffer);
    };
    payload.on('data', onData);
    payload.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks, size));
    });
    payload.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

/**
 * Makes `app` (an encapsulated plugin) read every request body as raw bytes of at most `limit`:
 * a body declared or found larger is answered 413 with SPEC §5's message. The rest of the API
 * keeps its JSON parser and its 1 MB body limit.
 */
export function installRawBodyParser(app: FastifyInstance, limit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { bodyLimit: limit + 1 },
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) {
        if (declared <= DRAIN_BEFORE_REFUSING) await drain(payload, 0, DRAIN_BEFORE_REFUSING);
        else payload.resume();
        throw new AppError(413, fileTooLargeMessage(limit));
      }
      return readLimitedBody(payload, limit);
    },
  );
}

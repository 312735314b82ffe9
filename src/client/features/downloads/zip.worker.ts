import { createZipWriter, type ZipWriterAnswer, type ZipWriterMessage } from './zip-writer.ts';

/*
 * The batch zip's writer off the page's thread (docs/decisions/040-zips-and-sheets-off-the-main-thread.md):
 * `start`, each file as it is ready, then `end`, which is answered with the zip or the error.
 */

let writer: ReturnType<typeof createZipWriter> | null = null;
let failure: string | null = null;

self.addEventListener('message', (event: MessageEvent<ZipWriterMessage>) => {
  const message = event.data;
  try {
    if (message.type === 'start') writer = createZipWriter(new Date(message.mtime));
    else if (failure === null && message.type === 'add')
      writer!.add(message.fileName, message.bytes);
    else if (message.type === 'end') {
      const answer: ZipWriterAnswer =
        failure === null ? { blob: writer!.end() } : { error: failure };
      self.postMessage(answer);
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    if (message.type === 'end') self.postMessage({ error: failure } satisfies ZipWriterAnswer);
  }
});

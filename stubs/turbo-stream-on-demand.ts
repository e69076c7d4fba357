/**
 * turbo-stream for the Worker (wrangler.toml [alias]; docs/decisions/047-loader-data-encoded-on-demand.md):
 * the same module, but `encode` starts encoding only when the stream is first read.
 *
 * Remix encodes every document's loader data for the browser as it begins to render the page
 * (@remix-run/server-runtime's encodeViaTurboStream), and the page reads the stream only where it
 * renders <Scripts /> (a page without React never does, app/root.tsx). On the map's pages at network
 * scale that encoding was among the largest costs that grow with the data. A .data request and a page
 * with React read the stream as before.
 */
// The real module by its path: its bare name is this file's alias.
import { decode, encode as encodeAtOnce } from "../node_modules/turbo-stream/dist/turbo-stream.js";

export { decode };

export function encode(...args: Parameters<typeof encodeAtOnce>): ReadableStream<Uint8Array> {
  let encoded: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        encoded ??= encodeAtOnce(...args).getReader();
        const { done, value } = await encoded.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => encoded?.cancel(reason),
    },
    // No read ahead: pull() runs only when someone reads.
    { highWaterMark: 0 },
  );
}

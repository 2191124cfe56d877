// The jsdom tests run beside the server and browser projects on a 2-core machine: under that load a
// page's first render can take longer than Testing Library's default second, which failed findBy*
// queries that pass on a quiet machine. Waiting longer changes no assertion, only how long a wait may last.
import { configure } from '@testing-library/dom';
import { afterAll, beforeAll, vi, type Mock } from 'vitest';
import type * as Client from '@/shared/api/client';
import type * as QrImageReader from '@/engine/ui/qr-image-reader';
import type * as ReceiptPdfBuild from '@/engine/receipt-pdf/build';
import type * as ReceiptPdfFonts from '@/engine/receipt-pdf/fonts';

configure({ asyncUtilTimeout: 5_000 });

// The bank's edges as test doubles every file of a worker shares: each a vi.fn that runs the real
// function until a test gives it answers (`vi.mocked(apiPost).mockImplementation(...)`), and the real
// one again from the next file on. A vi.mock in a test file would be hoisted into the module graph the
// worker's files share, so each such file needed a worker of its own (about 3 CPU-s apiece).
const { double, doubles, once } = vi.hoisted(() => {
  // Kept on globalThis: this file and the mock factories run again for each test file, while the app's
  // modules that import an edge load once a worker, so every file must get the doubles they hold.
  const kept = globalThis as { edgeDoubles?: Mock[]; edgeModules?: Map<string, Promise<unknown>> };
  const doubles = (): Mock[] => (kept.edgeDoubles ??= []);
  const double = <F extends (...args: never[]) => unknown>(real: F): Mock<F> => {
    const fn = vi.fn(real);
    doubles().push(fn as unknown as Mock);
    return fn;
  };
  const once = <M>(id: string, make: () => Promise<M>): Promise<M> => {
    const modules = (kept.edgeModules ??= new Map());
    if (!modules.has(id)) modules.set(id, make());
    return modules.get(id) as Promise<M>;
  };
  return { double, doubles, once };
});

vi.mock('@/shared/api/client', (importOriginal) =>
  once('client', async () => {
    const real = await importOriginal<typeof Client>();
    return { ...real, apiPost: double(real.apiPost), apiPostFile: double(real.apiPostFile) };
  }),
);
vi.mock('@/engine/ui/qr-image-reader', (importOriginal) =>
  once('qr-image-reader', async () => {
    const real = await importOriginal<typeof QrImageReader>();
    return { ...real, readQrFrom: double(real.readQrFrom), readQrFromFile: double(real.readQrFromFile) };
  }),
);
vi.mock('@/engine/receipt-pdf/build', (importOriginal) =>
  once('receipt-pdf/build', async () => {
    const real = await importOriginal<typeof ReceiptPdfBuild>();
    return { ...real, buildReceiptPdf: double(real.buildReceiptPdf) };
  }),
);
vi.mock('@/engine/receipt-pdf/fonts', (importOriginal) =>
  once('receipt-pdf/fonts', async () => {
    const real = await importOriginal<typeof ReceiptPdfFonts>();
    return { ...real, loadReceiptFonts: double(real.loadReceiptFonts) };
  }),
);

// Each file starts from the real functions and no recorded calls, as a file with a worker of its own did.
beforeAll(() => {
  for (const fn of doubles()) fn.mockReset();
});

// A file ends only once the imports it started have loaded. A page's lazily loaded code (the steps after
// a form, a widget) is still loading when a test ends on an earlier step; the worker keeps its modules
// for the next file (isolate: false) but turns away that file's pending module fetches when it ends, so
// a half-loaded module can fail the next file that draws it (a fresh clone's run failed otp-all-frozen:
// its verify step's code "Cannot load ... after the environment was torn down", EnvironmentTeardownError).
afterAll(() => vi.dynamicImportSettled());

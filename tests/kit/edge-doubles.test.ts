// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure, apiPost } from '@/shared/api/client';

// tests/setup-unit.ts doubles the bank's edges for every jsdom file of a worker: a file that gives no
// answers meets the real client, with no call recorded, whatever the file before it in the worker did.
describe("the unit tests' edge doubles", () => {
  it('are vi.fn doubles, fresh in each file, that run the real client until a test gives answers', async () => {
    expect(vi.isMockFunction(apiPost)).toBe(true);
    expect(vi.mocked(apiPost).mock.calls).toEqual([]);
    // the real client: under jsdom, Node's fetch cannot resolve the page-relative address
    const failure = await apiPost('/api/cart/v1/count').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).kind).toBe('no_response');

    vi.mocked(apiPost).mockImplementation(async () => ({ count: 2 }));
    await expect(apiPost('/api/cart/v1/count')).resolves.toEqual({ count: 2 });
  });
});

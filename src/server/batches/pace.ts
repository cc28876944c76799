// Calls for a whole batch keep to the partner API's rate limit (docs/decisions/034): a 429 is
// waited out as its Retry-After says (a second by default, at most ten), a few times over,
// before the answer is taken as it is.
import type { ApiCall, PartnerApi } from '../partner-api';
import type { UpstreamResponse } from '../upstream';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendPatiently(
  api: PartnerApi,
  call: ApiCall,
  tries = 8,
): Promise<UpstreamResponse> {
  for (let attempt = 1; ; attempt++) {
    const response = await api.send(call);
    if (response.status !== 429 || attempt >= tries) return response;
    const seconds = Number(response.headers['retry-after']);
    await sleep(Math.min(10, Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000);
  }
}

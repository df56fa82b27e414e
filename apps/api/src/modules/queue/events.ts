/** Live-update channel of the waiting queue; payloads carry ids only. */
export const QUEUE_CHANNEL = 'queue';

import type { VoiceConfig } from '../../config';
import {
  ProviderError,
  type OutboundCallRequest,
  type OutboundCallResult,
  type VoiceProvider,
} from '../../modules/voice-agent/provider';
import { parseElevenLabsWebhook, parseElevenLabsWebhookFile } from './events';
import { elevenLabsVerifier, verifyElevenLabs } from './signature';

/** How long an outbound-call request may take before it counts as failed (and is retried). */
const OUTBOUND_TIMEOUT_MS = 15_000;

/**
 * ElevenLabs Conversational AI behind the product's VoiceProvider (decision 038). Outbound calls use the
 * Twilio-number endpoint `POST /v1/convai/twilio/outbound-call` with the `xi-api-key` header; the answer
 * carries `success`, `message`, `conversation_id` and `callSid`.
 */
export function elevenLabsProvider(cfg: VoiceConfig, fetchImpl: typeof fetch = fetch): VoiceProvider {
  return {
    name: 'elevenlabs',
    webhookConfigured: Boolean(cfg.webhookSecret),
    outboundConfigured: Boolean(cfg.apiKey && cfg.agentId && cfg.phoneNumberId),
    verifyWebhook(raw, headers, now) {
      if (!cfg.webhookSecret) return { ok: false, reason: 'Integración no configurada' };
      return verifyElevenLabs(cfg.webhookSecret, raw, headers['elevenlabs-signature'], now);
    },
    webhookVerifier(headers, now) {
      if (!cfg.webhookSecret) {
        const reason = 'Integración no configurada';
        return { rejected: reason, update: () => {}, verdict: () => ({ ok: false, reason }) };
      }
      return elevenLabsVerifier(cfg.webhookSecret, headers['elevenlabs-signature'], now);
    },
    parseWebhook: parseElevenLabsWebhook,
    parseWebhookFile: parseElevenLabsWebhookFile,
    async startOutboundCall(req: OutboundCallRequest): Promise<OutboundCallResult> {
      if (!cfg.apiKey || !cfg.agentId || !cfg.phoneNumberId)
        throw new ProviderError('Integración de voz no configurada', true);
      let res: Response;
      try {
        res = await fetchImpl(`${cfg.baseUrl}/v1/convai/twilio/outbound-call`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'xi-api-key': cfg.apiKey },
          body: JSON.stringify({
            agent_id: cfg.agentId,
            agent_phone_number_id: cfg.phoneNumberId,
            to_number: req.toNumber,
            conversation_initiation_client_data: {
              dynamic_variables: { ...req.dynamicVariables, call_log_id: req.callLogId },
            },
          }),
          signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
        });
      } catch (err) {
        throw new ProviderError(`Sin respuesta del proveedor: ${(err as Error).message}`);
      }
      const text = await res.text();
      let body: {
        success?: boolean;
        message?: string;
        conversation_id?: string | null;
        callSid?: string | null;
      } = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        /* not JSON: the status says what happened */
      }
      if (!res.ok)
        throw new ProviderError(
          `El proveedor respondió ${res.status}${body.message ? `: ${body.message}` : ''}`,
          res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408,
        );
      if (body.success === false)
        throw new ProviderError(body.message || 'El proveedor no pudo iniciar la llamada');
      return { conversationId: body.conversation_id ?? null, callSid: body.callSid ?? null };
    },
  };
}

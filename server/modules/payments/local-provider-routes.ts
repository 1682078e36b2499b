import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FormError, decodeForm } from './form-body';
import { type LocalProvider, StripeApiError, successUrlOf } from './local-provider';
import { checkoutPage, missingPage, type PageState } from './local-pay-page';

/** Stripe's checkout session ids, as the local provider makes them; anything else is not looked up. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
const FORM_LIMIT = 16 * 1024;

const sessionId = (request: FastifyRequest) => {
  const { id } = request.params as { id?: unknown };
  return typeof id === 'string' && SESSION_ID.test(id) ? id : null;
};

/** The page's forms must say where they come from: with the app's `no-referrer`, a browser would send `Origin: null`. */
function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'same-origin').type('text/html; charset=utf-8').send(body);
}

/**
 * The local provider on this app's own port (local mode and tests only; registered by app.ts when no Stripe keys
 * are configured, which production refuses). Stripe's API under /v1, for the SDK: the secret key as a bearer token,
 * form-encoded requests, Stripe's error bodies. The hosted checkout under /local-pay, for the browser.
 */
export async function localProviderRoutes(app: FastifyInstance, opts: { provider: LocalProvider; secretKey: string; appUrl: string }) {
  const { provider } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => done(null, body));
  const rawForm = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');

  const expected = Buffer.from(`Bearer ${opts.secretKey}`);
  const authorized = (header: string | undefined) => {
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  await app.register(async (api) => {
    api.addHook('onRequest', async (request) => {
      if (!authorized(request.headers.authorization)) throw new StripeApiError(401, 'authentication_error', 'Invalid API Key provided.');
    });
    api.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof StripeApiError) return reply.status(err.status).send(err.body());
      if (err instanceof FormError) return reply.status(400).send(new StripeApiError(400, 'invalid_request_error', err.message).body());
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) return reply.status(status).send(new StripeApiError(status, 'invalid_request_error', err.message).body());
      request.log.error({ err }, 'the local payment provider failed');
      return reply.status(500).send({ error: { type: 'api_error', message: 'The local payment provider failed.' } });
    });

    api.post('/v1/checkout/sessions', async (request) => {
      const key = request.headers['idempotency-key'];
      return provider.createSession(decodeForm(rawForm(request)), rawForm(request), typeof key === 'string' && key.length <= 255 ? key : undefined);
    });

    api.get('/v1/checkout/sessions/:id', async (request) => {
      const id = sessionId(request);
      const found = id ? await provider.find(id) : null;
      if (!found) throw new StripeApiError(404, 'invalid_request_error', 'No such checkout.session', 'id', 'resource_missing');
      return found.session;
    });
  });

  /** The page as it stands now, or the dead end for an unknown id. */
  const show = async (reply: FastifyReply, id: string | null, status = 200, state?: PageState) => {
    const found = id ? await provider.find(id) : null;
    return found ? html(reply, status, checkoutPage(found.session, found.lineItems, state)) : html(reply, 404, missingPage());
  };

  /** The page's own forms post from the app's origin; a form on another site may not pay or refund here. */
  const foreign = (request: FastifyRequest) => request.headers.origin !== undefined && request.headers.origin !== opts.appUrl;

  app.get('/local-pay/checkout/:id', async (request, reply) => show(reply, sessionId(request)));

  app.post('/local-pay/checkout/:id/pay', async (request, reply) => {
    const id = sessionId(request);
    if (!id) return html(reply, 404, missingPage());
    if (foreign(request)) return show(reply, id, 403, { error: 'This payment form must be sent from its own page.' });
    let card: Record<string, unknown>;
    try {
      card = decodeForm(rawForm(request));
    } catch {
      return show(reply, id, 400, { error: 'Your card number is incorrect.' });
    }
    const outcome = await provider.pay(id, card);
    switch (outcome.kind) {
      case 'missing':
        return html(reply, 404, missingPage());
      case 'declined': {
        const typed = Object.fromEntries(['number', 'expiry', 'cvc'].map((k) => [k, typeof card[k] === 'string' ? card[k].slice(0, 40) : '']));
        return show(reply, id, 402, { error: outcome.message, card: typed });
      }
      case 'closed':
        return outcome.session.status === 'complete' ? reply.redirect(successUrlOf(outcome.session), 303) : show(reply, id);
      case 'paid':
        // Delivered or not, the success page asks the provider itself (reconcile on return).
        return reply.redirect(successUrlOf(outcome.session), 303);
    }
  });

  app.post('/local-pay/checkout/:id/refund', async (request, reply) => {
    const id = sessionId(request);
    if (!id) return html(reply, 404, missingPage());
    if (foreign(request)) return show(reply, id, 403, { notice: 'A refund must be asked for from its own page.' });
    const delivered = await provider.refund(id);
    return show(reply, id, delivered ? 200 : 409, {
      notice: delivered ? 'Refunded. Lifetime Gold from this payment has ended for the couple.' : 'This payment could not be refunded now.',
    });
  });
}

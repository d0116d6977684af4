/**
 * The sandbox's stand-in for Accept.js, served at /api/payment/sandbox/accept.js. Same calling shape
 * (`Accept.dispatchData(secureData, responseHandler)`, the same answer object), so the web app's
 * card form is one piece of code for both providers. The card goes from the browser to the sandbox
 * tokenizer and comes back as a one-time nonce; our payment routes only ever see the nonce.
 */
export const sandboxAcceptScript = (tokenizePath: string) => `/* Sandbox Accept.js: test cards only; no real card is ever charged. */
(function () {
  'use strict';
  var endpoint = ${JSON.stringify(tokenizePath)};
  function reply(handler, response) {
    // Like Accept.js, the handler runs outside our promise chain, so its errors are its own.
    setTimeout(function () { handler(response); }, 0);
  }
  function failure(code, text) {
    return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } };
  }
  window.Accept = {
    dispatchData: function (secureData, responseHandler) {
      fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'omit',
        body: JSON.stringify({ authData: secureData && secureData.authData, cardData: secureData && secureData.cardData })
      })
        .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
        .then(function (answer) {
          var body = answer.body || {};
          if (answer.ok && body.data && body.data.opaqueData) {
            reply(responseHandler, {
              messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
              opaqueData: body.data.opaqueData
            });
            return;
          }
          var code = (body.details && body.details.acceptCode) || 'E_WC_14';
          reply(responseHandler, failure(code, body.msg || 'Accept.js encryption failed.'));
        })
        .catch(function () {
          reply(responseHandler, failure('E_WC_14', 'Accept.js encryption failed.'));
        });
    }
  };
})();
`;

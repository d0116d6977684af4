import { CALL_MESSAGES, type CallSignal } from '@cc/contracts';
import type { CreateVoiceLink, VoiceLinkOptions } from './types';
import { fetchVoiceToken } from './voiceToken';

type PeerContext = {
  options: VoiceLinkOptions;
  local: MediaStream;
  iceServers: RTCIceServer[];
  isClosed: () => boolean;
  fail: () => void;
};

/**
 * The WebRTC side of a link once the microphone is open: the peer connection (made afresh for an
 * offer from a side that rejoined), the offer and answer, and ICE candidates held until the
 * remote description is set.
 */
function peerSession({ options, local, iceServers, isClosed, fail }: PeerContext) {
  let peer: RTCPeerConnection | null = null;
  let pendingCandidates: RTCIceCandidateInit[] = [];

  function newPeer(): RTCPeerConnection {
    peer?.close();
    pendingCandidates = [];
    const created = new RTCPeerConnection({ iceServers });
    for (const track of local.getTracks()) created.addTrack(track, local);
    created.ontrack = (event) => options.onRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    created.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate) return;
      options.signals.send({
        type: 'candidate',
        candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex },
      });
    };
    created.onconnectionstatechange = () => {
      if (created !== peer || isClosed()) return;
      if (created.connectionState === 'connected') options.onStatus({ status: 'connected', callSid: options.callId });
      else if (created.connectionState === 'failed') fail();
    };
    peer = created;
    return created;
  }

  async function flushCandidates(target: RTCPeerConnection) {
    const waiting = pendingCandidates;
    pendingCandidates = [];
    for (const candidate of waiting) await target.addIceCandidate(candidate).catch(() => undefined);
  }

  async function offer() {
    const target = newPeer();
    const description = await target.createOffer();
    await target.setLocalDescription(description);
    options.signals.send({ type: 'offer', sdp: description.sdp ?? '' });
  }

  async function handle(signal: CallSignal) {
    if (signal.type === 'offer') {
      // A second offer means the other side rejoined (a reload): start over with it.
      const target = peer && !peer.remoteDescription && peer.signalingState === 'stable' ? peer : newPeer();
      await target.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      await flushCandidates(target);
      const answer = await target.createAnswer();
      await target.setLocalDescription(answer);
      options.signals.send({ type: 'answer', sdp: answer.sdp ?? '' });
    } else if (signal.type === 'answer') {
      if (peer?.signalingState !== 'have-local-offer') return;
      await peer.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await flushCandidates(peer);
    } else if (peer?.remoteDescription) {
      await peer.addIceCandidate(signal.candidate).catch(() => undefined);
    } else {
      pendingCandidates.push(signal.candidate);
    }
  }

  const close = () => {
    peer?.close();
    peer = null;
  };

  return { newPeer, offer, handle, close };
}

/**
 * The `local` provider's voice link (docs/product.md#calls): WebRTC audio between the caller's and
 * the model's browsers, signalled over the socket ('call:signal'), with the token answer's
 * STUN/TURN servers (none on loopback). The side that makes the offer is the caller, or whoever
 * rejoins after a reload; an offer arriving on a link that already had one starts a fresh
 * connection, so either side may reload mid-call.
 */
export const createLocalVoiceLink: CreateVoiceLink = (options) => {
  let stream: MediaStream | null = null;
  let session: ReturnType<typeof peerSession> | null = null;
  let stopListening: (() => void) | null = null;
  let muted = false;
  let closed = false;
  // Signals are handled one after another: WebRTC's descriptions must not interleave.
  let queue: Promise<void> = Promise.resolve();

  const fail = () => {
    if (!closed) options.onStatus({ status: 'error', message: CALL_MESSAGES.voiceFailed });
  };

  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(() => (closed ? undefined : work())).catch(fail);
  };

  return {
    async connect() {
      options.onStatus({ status: 'connecting' });
      try {
        const { iceServers } = await fetchVoiceToken(options.fetchToken);
        const local = await navigator.mediaDevices.getUserMedia({ audio: true });
        if (closed) {
          for (const track of local.getTracks()) track.stop();
          return;
        }
        stream = local;
        for (const track of local.getAudioTracks()) track.enabled = !muted;
        session?.close();
        const current = peerSession({ options, local, iceServers, isClosed: () => closed, fail });
        session = current;
        if (!options.makeOffer) current.newPeer();
        stopListening = options.signals.listen((signal) => enqueue(() => current.handle(signal)));
        if (options.makeOffer) enqueue(() => current.offer());
      } catch (error) {
        if (!closed) options.onStatus({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
    setMuted(next) {
      muted = next;
      for (const track of stream?.getAudioTracks() ?? []) track.enabled = !next;
    },
    disconnect() {
      if (closed) return;
      closed = true;
      stopListening?.();
      session?.close();
      session = null;
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      options.onRemoteStream(null);
      options.onStatus({ status: 'disconnected' });
    },
  };
};

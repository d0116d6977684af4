/** Scaffold: replaced by the feature's page. */
export default function ConversationPane() {
  return null;
}

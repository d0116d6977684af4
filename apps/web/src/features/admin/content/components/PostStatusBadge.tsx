import type { PostStatus } from '@cc/contracts';
import { Badge } from '../../../../shared/ui';

export function PostStatusBadge({ status }: { status: PostStatus }) {
  return status === 'published' ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>;
}

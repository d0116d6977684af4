import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_MENU_SECTION, type AdminMenuItem } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { Button, Card, EmptyState, ListError, PageHeader, Select, Skeleton } from '../../../../shared/ui';
import { useDeleteMenuMutation, useListMenusQuery, useReorderMenusMutation } from '../api/adminSiteApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';
import { MenuFormModal, type MenuEditor } from '../components/MenuFormModal';
import { MenuList, type MoveDirection } from '../components/MenuList';
import { useSearchParam } from '../../shared/hooks/useSearchParam';

/** Every section that has links, plus the footer (which exists even when empty), footer first. */
function sectionsOf(items: readonly AdminMenuItem[], current: string): string[] {
  const others = new Set(items.map((item) => item.section));
  others.add(current);
  others.delete(DEFAULT_MENU_SECTION);
  return [DEFAULT_MENU_SECTION, ...[...others].sort()];
}

function MenusSkeleton() {
  return (
    <div className="stack-sm" role="status" aria-label="Loading links">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={56} radius="var(--radius-md)" />
      ))}
    </div>
  );
}

/** Reorders one section: the moved link swaps places with its neighbour. */
function useMoveMenu(section: string) {
  const [reorder, reordering] = useReorderMenusMutation();
  const [lastMove, setLastMove] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = async (items: readonly AdminMenuItem[], item: AdminMenuItem, direction: MoveDirection) => {
    const from = items.findIndex((i) => i._id === item._id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= items.length) return;
    const ids = items.map((i) => i._id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setLastMove({ id: item._id, direction });
    const result = await reorder({ section, ids });
    if ('error' in result) toast.error(`Could not move “${item.title}”: ${errorMessage(result.error)}`);
    else setAnnouncement(`“${item.title}” moved to position ${to + 1} of ${items.length}.`);
  };

  return { move, moving: reordering.isLoading, lastMove, announcement };
}

function EmptySection({ section }: { section: string }) {
  return (
    <EmptyState
      icon="menu"
      title="No links in this section yet"
      description={
        section === DEFAULT_MENU_SECTION
          ? 'Add links such as Terms, Privacy or Help; they appear in the footer of every page.'
          : 'Add a link to start this section.'
      }
    />
  );
}

/** Deleting a link after the confirmation. */
function useDeleteMenu() {
  const [deleting, setDeleting] = useState<AdminMenuItem | null>(null);
  const [remove, removal] = useDeleteMenuMutation();
  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove(deleting._id);
    if ('error' in result) toast.error(`Could not delete “${deleting.title}”: ${errorMessage(result.error)}`);
    else toast.success(`“${deleting.title}” was deleted.`);
    setDeleting(null);
  };
  return { deleting, setDeleting, confirmDelete, removing: removal.isLoading };
}

/** Admin › Menus: the links of each section (the site footer first), in the order people see them. */
export default function MenusPage() {
  const [section, setSection] = useSearchParam('section', DEFAULT_MENU_SECTION);
  const { data, error, isLoading, isError, isFetching, refetch } = useListMenusQuery();
  const [editor, setEditor] = useState<MenuEditor | null>(null);
  const { deleting, setDeleting, confirmDelete, removing } = useDeleteMenu();
  const { move, moving, lastMove, announcement } = useMoveMenu(section);

  const all = useMemo(() => data?.items ?? [], [data]);
  const sections = useMemo(() => sectionsOf(all, section), [all, section]);
  const items = useMemo(() => all.filter((item) => item.section === section).sort((a, b) => a.ordering - b.ordering), [all, section]);
  const sizeOf = (name: string) => all.filter((item) => item.section === name).length;

  const sectionLabel = section === DEFAULT_MENU_SECTION ? 'Footer links' : `Links in “${section}”`;

  return (
    <>
      <PageHeader
        title="Menus"
        description="Links shown in the site's menus. The footer section is the list at the bottom of every page."
      />
      <div className="admin-toolbar">
        <Select
          label="Section"
          value={section}
          onChange={(event) => setSection(event.target.value)}
          options={sections.map((name) => ({ value: name, label: name }))}
        />
      </div>
      <Card
        title={sectionLabel}
        description={items.length > 1 ? 'Use the arrows to change the order; it is saved at once.' : undefined}
        actions={
          <Button size="sm" onClick={() => setEditor({ mode: 'add', section })}>
            Add link
          </Button>
        }
      >
        {isLoading ? (
          <MenusSkeleton />
        ) : isError ? (
          <ListError what="the menus" error={error} onRetry={refetch} retrying={isFetching} />
        ) : items.length === 0 ? (
          <EmptySection section={section} />
        ) : (
          <MenuList
            label={sectionLabel}
            items={items}
            moving={moving}
            lastMove={lastMove}
            onMove={(item, direction) => move(items, item, direction)}
            onEdit={(item) => setEditor({ mode: 'edit', item })}
            onDelete={setDeleting}
          />
        )}
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </Card>
      {editor ? (
        <MenuFormModal
          editor={editor}
          sections={sections}
          sizeOf={sizeOf}
          onClose={() => setEditor(null)}
          onSaved={(savedSection) => {
            setEditor(null);
            if (savedSection !== section) setSection(savedSection);
          }}
        />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        working={removing}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description="The link disappears from the site at once. This cannot be undone."
        confirmLabel="Delete link"
      />
    </>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The menu button pattern (WAI-ARIA): the button opens the menu (also with ArrowDown), focus goes
 * to the first item, arrows/Home/End move, Escape closes and gives focus back to the button, Tab
 * or a click outside closes. Spread `buttonProps` on the button and `menuProps` on the menu;
 * items carry role="menuitem" and tabIndex={-1}.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  /** Closes the menu; `refocus` returns focus to the button (after Escape or picking an action). */
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key in moves) {
      event.preventDefault();
      list[(moves[event.key]! + list.length) % list.length]?.focus();
    }
  };

  return {
    open,
    close,
    rootRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((value) => !value),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowDown' && !open) {
          event.preventDefault();
          setOpen(true);
        }
      },
    },
    menuProps: { id: menuId, ref: menuRef, role: 'menu' as const, onKeyDown: onMenuKeyDown },
  };
}

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';

/*
 * Radix's <Dialog.Overlay> locks scrolling through react-remove-scroll, which injects a <style>
 * element at runtime; the app's Content-Security-Policy (style-src 'self') blocks that. So the kit
 * draws its own backdrop and locks scrolling with a class on <html> (see styles.css). Focus
 * trapping, Escape, outside-click dismissal and aria-hidden on the rest of the page still come
 * from Radix.
 */

let scrollLocks = 0;

function useScrollLock() {
  useEffect(() => {
    scrollLocks += 1;
    document.documentElement.classList.add('scroll-locked');
    return () => {
      scrollLocks -= 1;
      if (scrollLocks === 0) document.documentElement.classList.remove('scroll-locked');
    };
  }, []);
}

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (the dialog then needs its own way to close). */
  hideCloseButton?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const sizeClass = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
} as const;

function DialogBackdrop({ ref }: { ref?: Ref<HTMLDivElement> }) {
  useScrollLock();
  return (
    <div
      ref={ref}
      aria-hidden="true"
      className="fixed inset-0 z-50 bg-sea-950/60 motion-safe:animate-fade-in"
    />
  );
}

export function DialogContent({
  className,
  children,
  hideCloseButton = false,
  size = 'md',
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogBackdrop />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-surface p-5 shadow-xl motion-safe:animate-dialog-in sm:p-6',
          sizeClass[size],
          className,
        )}
        {...props}
      >
        {children}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg leading-tight font-semibold text-foreground', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export interface SimpleDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered with asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  size?: DialogContentProps['size'];
  children?: ReactNode;
}

/** Title, optional description, body and footer in one call: covers most dialogs in the app. */
export function SimpleDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  footer,
  size,
  children,
}: SimpleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent size={size} {...(description ? {} : { 'aria-describedby': undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  );
}

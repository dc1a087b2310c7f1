/* cq-arena.c: the per-game bump allocator.
 *
 * A game's nodes, strings and arrays come from a few big blocks that are
 * freed together with the game: no malloc per node (design.md, "per-game
 * arena").
 *
 * Copyright 2026 The Excelsior authors.  SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "pgn/cq-pgn-private.h"

struct _CqArenaBlock {
  CqArenaBlock *next;
  gsize         size;
};

#define BLOCK_HEADER ((sizeof (CqArenaBlock) + 15) & ~(gsize) 15)
#define MIN_BLOCK    4096
#define MAX_GROWTH   (4u << 20)

/* The block a thread freed last (at most one, of at most MAX_GROWTH
 * bytes), given to the next arena of that thread that needs a block: a
 * search reads games one after the other, and without it every game
 * costs a malloc and a free of tens of KiB, which glibc serves slowly
 * (about 5% of reading a file of studies).  Freed at the thread's exit.
 * The arenas given a slot of their own (the search's, one per batch) keep
 * their block there instead: no thread-local look-up per game. */
static GPrivate spare_block = G_PRIVATE_INIT (g_free);

void
_cq_arena_init (CqArena *arena, gsize first_block_size, CqArenaBlock **spare)
{
  arena->head = NULL;
  arena->next_size = MAX (first_block_size, MIN_BLOCK);
  arena->cur = NULL;
  arena->limit = NULL;
  arena->spare = spare;
}

void
_cq_arena_block_free (CqArenaBlock *block)
{
  g_free (block);
}

/* Takes the block of @arena's spare slot, or NULL if it has none or it is
 * smaller than @size bytes. */
static CqArenaBlock *
take_spare (CqArena *arena, gsize size)
{
  CqArenaBlock *b;

  if (arena->spare != NULL)
    {
      b = *arena->spare;
      if (b == NULL || b->size < size)
        return NULL;
      *arena->spare = NULL;
      return b;
    }
  b = g_private_get (&spare_block);
  if (b == NULL || b->size < size)
    return NULL;
  g_private_set (&spare_block, NULL);
  return b;
}

gpointer
_cq_arena_alloc_slow (CqArena *arena, gsize size)
{
  gsize block_size = MAX (arena->next_size, size);
  CqArenaBlock *b = take_spare (arena, size);
  char *p;

  if (b != NULL)
    block_size = b->size;
  else
    b = g_malloc (BLOCK_HEADER + block_size);

  b->next = arena->head;
  b->size = block_size;
  arena->head = b;
  arena->next_size = MIN (MAX (block_size, MIN_BLOCK) * 2, (gsize) MAX_GROWTH);
  p = (char *) b + BLOCK_HEADER;
  arena->cur = p + size;
  arena->limit = p + block_size;
  return p;
}

gpointer
_cq_arena_alloc0 (CqArena *arena, gsize size)
{
  return memset (_cq_arena_alloc (arena, size), 0, size);
}

void
_cq_arena_clear (CqArena *arena)
{
  CqArenaBlock *b = arena->head;

  while (b)
    {
      CqArenaBlock *next = b->next;
      CqArenaBlock *spare;

      /* Keep the biggest block of a size the arena would make. */
      if (b->size > MAX_GROWTH)
        ;
      else if (arena->spare != NULL)
        {
          spare = *arena->spare;
          if (spare == NULL || spare->size < b->size)
            {
              *arena->spare = b;
              b = spare;
            }
        }
      else
        {
          spare = g_private_get (&spare_block);
          if (spare == NULL || spare->size < b->size)
            {
              g_private_set (&spare_block, b);
              b = spare;
            }
        }
      g_free (b);
      b = next;
    }
  arena->head = NULL;
  arena->cur = NULL;
  arena->limit = NULL;
}

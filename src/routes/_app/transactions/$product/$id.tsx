// A transaction's pages: the segment is parsed here once, for every page below.
import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '#/lib/params';

export const Route = createFileRoute('/_app/transactions/$product/$id')({ params: idParams });

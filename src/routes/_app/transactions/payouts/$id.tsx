// A payout's pages (its receipt): the segment is parsed here once, for every page below.
import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../lib/params';

export const Route = createFileRoute('/_app/transactions/payouts/$id')({ params: idParams });

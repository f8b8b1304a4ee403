import { Link, useParams } from 'react-router';
import type { SellerProfile } from '@sokoni/contracts/shop';
import { SELLER_MESSAGES } from '@sokoni/contracts/catalog';
import { buttonClasses } from '@/components/button';
import { DetailPage } from '@/components/detail-page';
import { useMetaDescription } from '@/lib/use-meta-description';
import { useProducts } from '../api/get-products';
import { useSeller } from '../api/get-seller';
import { ProductResults } from '../components/product-results';
import { SellerProfileCard } from '../components/seller-profile-card';

function SellerNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Seller not found — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">{SELLER_MESSAGES.notFound}</h1>
      <p className="mt-2 text-slate-600">The account may have been closed.</p>
      <Link to="/shop" className={buttonClasses('primary', 'mt-6')}>
        Browse All Products
      </Link>
    </div>
  );
}

function SellerSkeleton() {
  return (
    <div role="status" className="space-y-8">
      <span className="sr-only">Loading seller...</span>
      <div aria-hidden="true" className="h-28 w-full animate-pulse rounded-2xl bg-slate-200" />
      <div aria-hidden="true" className="h-64 w-full animate-pulse rounded-2xl bg-slate-200" />
    </div>
  );
}

function SellerDetail({ seller }: { seller: SellerProfile }) {
  const listings = useProducts({ seller: seller.id });
  useMetaDescription(
    [`${seller.name} sells on Sokoni`, seller.location, `${seller.listingCount} listed`]
      .filter(Boolean)
      .join(' · '),
  );
  return (
    <div className="space-y-8">
      <title>{`${seller.name} — Sokoni`}</title>
      <SellerProfileCard seller={seller} />
      <section aria-labelledby="listings-heading" className="space-y-4">
        <h2 id="listings-heading" className="text-xl font-bold text-slate-900">
          Listings
        </h2>
        <ProductResults query={listings} emptyMessage={SELLER_MESSAGES.noListings} />
      </section>
    </div>
  );
}

/** A seller's public page: who they are, how buyers rate them, and their listings, 24 at a time. */
export function SellerPage() {
  const { id = '' } = useParams();
  const sellerQuery = useSeller(id);
  return (
    <DetailPage
      query={sellerQuery}
      skeleton={<SellerSkeleton />}
      notFound={<SellerNotFound />}
      notFoundCode="SELLER_NOT_FOUND"
      loadError={{ title: 'Seller — Sokoni', message: SELLER_MESSAGES.loadFailed }}
    >
      {(seller) => <SellerDetail seller={seller} />}
    </DetailPage>
  );
}

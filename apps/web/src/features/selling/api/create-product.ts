import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProductInput, Product } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';

export function createProduct(input: CreateProductInput): Promise<Product> {
  return apiRequest<Product>('/products', { method: 'POST', body: input });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // A new listing belongs in every product list, My Products included.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, UpdateProductInput } from '@sokoni/contracts/shop';
import { apiRequest } from '@/lib/api-client';

type UpdateProductArgs = { id: string; changes: UpdateProductInput };

export function updateProduct({ id, changes }: UpdateProductArgs): Promise<Product> {
  return apiRequest<Product>(`/products/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

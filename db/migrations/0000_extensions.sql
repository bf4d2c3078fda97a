-- pgvector holds the knowledge fragments' embeddings (halfvec with an HNSW index).
CREATE EXTENSION IF NOT EXISTS vector;

using System;
using System.IO;

namespace LegacyServices.Wcf
{
    public class Catalog : ICatalog
    {
        private static readonly string Folder = Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "catalog");

        public string Item(string id)
        {
            // Only names of files in the catalog folder: the id never becomes a path of its own.
            var path = Path.Combine(Folder, Path.GetFileName(id) + ".json");
            using (var reader = File.OpenText(path))
            {
                return reader.ReadToEnd(); // BURST003
            }
        }
    }
}
